import { shopText, type ShopLang } from './shopTexts.ts';

/** Escapes text for HTML content and attribute values (always quoted with "). */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const EURO = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** "12,50 €" (the French format whatever the page's language: the prices are in euros in France). */
export function euros(price: number | null): string {
  return price === null ? '' : EURO.format(price);
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text closes the script. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * One small stylesheet inlined in every page: no extra request on a phone, no framework. A grid of
 * square tiles that fills the width, readable type, visible focus, and large touch targets.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2127;background:#f6f7f9}
a{color:#1f4b99}
a:focus-visible,button:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #2d72d2;outline-offset:2px}
header,main,footer{max-width:1100px;margin:0 auto;padding:0 16px}
header{display:flex;justify-content:space-between;align-items:baseline;gap:8px;flex-wrap:wrap;padding-top:16px}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.grid{list-style:none;padding:0;margin:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(150px,1fr))}
.tile{background:#fff;border-radius:8px;overflow:hidden;box-shadow:0 1px 2px rgba(0,0,0,.12)}
.tile a{display:block;color:inherit;text-decoration:none;padding-bottom:8px}
.tile p{margin:2px 8px;font-size:.9rem}
.tile .t{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ph{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:#e5e8eb}
.nophoto{display:flex;align-items:center;justify-content:center;color:#5f6b7c}
.price{font-weight:700;font-size:1.1rem}
.badge{display:inline-block;background:#c87619;color:#fff;border-radius:4px;padding:0 6px;font-size:.85rem}
nav.pages{display:flex;gap:16px;justify-content:center;align-items:center;margin:24px 0}
.gallery{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.gallery img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:contain;background:#fff;border-radius:8px}
.product{display:grid;gap:24px}
@media(min-width:800px){.product{grid-template-columns:3fr 2fr}}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#5f6b7c}dd{margin:0}
form{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.12)}
label{display:block;font-weight:600;margin-top:12px}
input,textarea{width:100%;font:inherit;padding:10px;border:1px solid #8f99a8;border-radius:4px;min-height:44px}
input[aria-invalid=true],textarea[aria-invalid=true]{border:2px solid #ac2f33}
.err{color:#ac2f33;margin:4px 0 0;font-size:.9rem}
.summary{border:2px solid #ac2f33;border-radius:8px;padding:12px;background:#fff}
.summary h2{margin-top:0;color:#ac2f33}
.notice{border-left:4px solid #c87619;background:#fff;padding:12px}
button{margin-top:16px;font:inherit;font-weight:700;background:#215db0;color:#fff;border:0;border-radius:4px;padding:12px 24px;min-height:48px;cursor:pointer}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
footer{color:#5f6b7c;font-size:.85rem;padding:32px 16px}
`
  .replace(/\n/g, '')
  .trim();

export interface PageHead {
  readonly lang: ShopLang;
  readonly title: string;
  readonly description: string;
  /** Absolute address of the page without its language choice (search engines index one). */
  readonly canonical?: string;
  /** Open Graph type and image (absolute). */
  readonly ogType?: 'website' | 'product';
  readonly ogImage?: string | null;
  readonly jsonLd?: unknown;
  /** Pages not to index (confirmation, not found). */
  readonly noindex?: boolean;
  /** The same page in the other language, for the header link. */
  readonly otherLangHref: string;
}

/** A whole page: head for search engines and link previews, then the body given. */
export function page(head: PageHead, body: string): string {
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    `<meta name="robots" content="${head.noindex ? 'noindex' : 'index,follow'}">`,
    head.canonical && `<link rel="canonical" href="${esc(head.canonical)}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta property="og:locale" content="${head.lang === 'fr' ? 'fr_FR' : 'en_GB'}">`,
    head.canonical && `<meta property="og:url" content="${esc(head.canonical)}">`,
    head.ogImage && `<meta property="og:image" content="${esc(head.ogImage)}">`,
    head.jsonLd !== undefined &&
      `<script type="application/ld+json">${jsonLd(head.jsonLd)}</script>`,
    `<style>${STYLE}</style>`,
  ].filter(Boolean);
  const other = head.lang === 'fr' ? 'en' : 'fr';
  return `<!doctype html>
<html lang="${head.lang}">
<head>
${meta.join('\n')}
</head>
<body>
<header><a href="${esc(head.otherLangHref)}" hreflang="${other}" lang="${other}">${esc(shopText(head.lang, 'language'))}</a></header>
<main>
${body}
</main>
<footer>${esc(shopText(head.lang, 'poweredBy'))}</footer>
</body>
</html>
`;
}
