import { esc, euros, page } from './shopHtml.ts';
import type { ShopItem, ShopProduct, ShopVendor } from './shopData.ts';
import {
  FORM_FIELDS,
  type FieldError,
  type FormField,
  type ReservationForm,
} from './reservationForm.ts';
import { conditionText, shopText, type ShopLang, type ShopTextKey } from './shopTexts.ts';

/** Where the page is and in which language: links keep an explicit `?lang=` choice. */
export interface PageContext {
  readonly lang: ShopLang;
  /** The browser's origin, for canonical and Open Graph addresses. */
  readonly origin: string;
  /** Whether the buyer chose the language with `?lang=` (links then carry it on). */
  readonly langChosen: boolean;
}

/** "Taille : M" in French, "Size: M" in English. */
const colon = (lang: ShopLang) => (lang === 'fr' ? ' : ' : ': ');

/** The shop texts in the page's language. */
const textsFor =
  (ctx: PageContext) =>
  (key: ShopTextKey, values?: Record<string, string | number>): string =>
    shopText(ctx.lang, key, values);

const shopPath = (slug: string) => `/shop/${encodeURIComponent(slug)}`;

/** A path with the language choice and other query values kept. */
function href(ctx: PageContext, path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (ctx.langChosen) params.set('lang', ctx.lang);
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

const otherLang = (ctx: PageContext, path: string, query: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ ...query, lang: ctx.lang === 'fr' ? 'en' : 'fr' }).toString()}`;

/** Schema.org's condition of a product quality. */
const itemCondition = (quality: string | null) =>
  quality === 'NEW_WITH_TICKET' || quality === 'NEW_WITHOUT_TICKET'
    ? 'https://schema.org/NewCondition'
    : 'https://schema.org/UsedCondition';

function tile(ctx: PageContext, slug: string, item: ShopItem): string {
  const t = textsFor(ctx);
  const photo = item.thumbnail
    ? `<img class="ph" src="${esc(item.thumbnail)}" width="256" height="256" loading="lazy" decoding="async" alt="">`
    : `<span class="ph nophoto">${esc(t('noPhoto'))}</span>`;
  const details = [
    item.size && `${t('size')}${colon(ctx.lang)}${item.size}`,
    conditionText(ctx.lang, item.quality),
  ].filter(Boolean);
  return `<li class="tile"><a href="${esc(href(ctx, `${shopPath(slug)}/${item.uuid}`))}">${photo}
<p class="t">${esc(item.title)}</p><p class="price">${esc(euros(item.price))}</p>
${details.map((d) => `<p>${esc(d)}</p>`).join('')}</a></li>`;
}

/** The shop: the vendor's online items, one page of them. */
export function shopPage(
  ctx: PageContext,
  vendor: ShopVendor,
  items: readonly ShopItem[],
  count: number,
  pageNumber: number,
  pageSize: number,
): string {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const path = shopPath(vendor.slug);
  const query = (n: number): Record<string, string> => (n > 1 ? { page: String(n) } : {});
  const canonical = `${ctx.origin}${path}${pageNumber > 1 ? `?page=${pageNumber}` : ''}`;
  const t = textsFor(ctx);
  const nav =
    pages > 1
      ? `<nav class="pages" aria-label="${esc(t('pagination'))}">
${pageNumber > 1 ? `<a href="${esc(href(ctx, path, query(pageNumber - 1)))}" rel="prev">${esc(t('previous'))}</a>` : ''}
<span>${esc(t('pageOf', { page: pageNumber, pages }))}</span>
${pageNumber < pages ? `<a href="${esc(href(ctx, path, query(pageNumber + 1)))}" rel="next">${esc(t('next'))}</a>` : ''}
</nav>`
      : '';
  const list = items.length
    ? `<ul class="grid">${items.map((i) => tile(ctx, vendor.slug, i)).join('\n')}</ul>`
    : `<p>${esc(t('emptyShop'))}</p>`;
  return page(
    {
      lang: ctx.lang,
      title: t('shopTitle', { name: vendor.name }),
      description: t('shopDescription', { name: vendor.name, count }),
      canonical,
      otherLangHref: otherLang(ctx, path, query(pageNumber)),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: t('shopTitle', { name: vendor.name }),
        numberOfItems: count,
        itemListElement: items.map((item, i) => ({
          '@type': 'ListItem',
          position: (pageNumber - 1) * pageSize + i + 1,
          url: `${ctx.origin}${path}/${item.uuid}`,
        })),
      },
    },
    `<h1>${esc(t('shopTitle', { name: vendor.name }))}</h1>
<h2>${esc(t('articles'))}</h2>
${list}
${nav}`,
  );
}

export interface FormState {
  readonly values: ReservationForm | null;
  readonly errors: readonly FieldError[];
  /** A refusal of the whole form (already reserved, too many requests). */
  readonly notice?: ShopTextKey;
}

const AUTOCOMPLETE: Record<FormField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  message: 'off',
};

const LABEL: Record<FormField, ShopTextKey> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  message: 'message',
};

function field(ctx: PageContext, name: FormField, state: FormState): string {
  const error = state.errors.find((e) => e.field === name);
  const required = name !== 'message';
  const id = `f-${name}`;
  const describedBy = error ? ` aria-describedby="${id}-err"` : '';
  const attrs = `id="${id}" name="${name}" autocomplete="${AUTOCOMPLETE[name]}"${required ? ' required aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy}`;
  const value = state.values?.[name] ?? '';
  const control =
    name === 'message'
      ? `<textarea ${attrs} rows="4">${esc(value)}</textarea>`
      : `<input ${attrs} type="${name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}" value="${esc(value)}">`;
  const label = `${shopText(ctx.lang, LABEL[name])}${required ? ' *' : ''}`;
  return `<label for="${id}">${esc(label)}</label>
${control}${error ? `<p class="err" id="${id}-err">${esc(shopText(ctx.lang, error.key, error.values))}</p>` : ''}`;
}

function reservationForm(
  ctx: PageContext,
  vendor: ShopVendor,
  product: ShopProduct,
  state: FormState,
): string {
  const t = textsFor(ctx);
  const summary = state.errors.length
    ? `<div class="summary" role="alert" tabindex="-1" id="errors">
<h2>${esc(t('errorSummary', { count: state.errors.length }))}</h2>
<ul>${state.errors
        .map(
          (e) =>
            `<li><a href="#f-${e.field}">${esc(t(LABEL[e.field]))}${colon(ctx.lang)}${esc(t(e.key, e.values))}</a></li>`,
        )
        .join('')}</ul></div>`
    : '';
  const notice = state.notice ? `<p class="notice" role="alert">${esc(t(state.notice))}</p>` : '';
  return `<section aria-labelledby="reserve-title">
<h2 id="reserve-title">${esc(t('reserveTitle'))}</h2>
${notice}${summary}
<form method="post" action="${esc(href(ctx, `${shopPath(vendor.slug)}/${product.uuid}`))}" novalidate>
<p>${esc(t('reserveIntro', { name: vendor.name }))}</p>
${FORM_FIELDS.map((name) => field(ctx, name, state)).join('\n')}
<div class="hp" aria-hidden="true"><label for="f-website">${esc(t('honeypot'))}</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
<button type="submit">${esc(t('submit'))}</button>
</form>
</section>`;
}

/** One product: photos in order, what describes it, and the reservation form while it is online. */
export function productPage(
  ctx: PageContext,
  vendor: ShopVendor,
  product: ShopProduct,
  state: FormState,
): string {
  const t = textsFor(ctx);
  const path = `${shopPath(vendor.slug)}/${product.uuid}`;
  const canonical = `${ctx.origin}${path}`;
  const absolute = (p: string) => (/^https?:/.test(p) ? p : `${ctx.origin}${p}`);
  const condition = conditionText(ctx.lang, product.quality);
  const reserved = product.saleStatus !== 'ONLINE';
  const gallery = product.photos.length
    ? `<div class="gallery">${product.photos
        .map(
          (p, i) =>
            `<a href="${esc(p.image)}"><img src="${esc(p.image)}" width="800" height="800" ${i === 0 ? 'fetchpriority="high"' : 'loading="lazy"'} decoding="async" alt="${esc(t('photoAlt', { title: product.title, n: i + 1 }))}"></a>`,
        )
        .join('')}</div>`
    : `<p>${esc(t('noPhoto'))}</p>`;
  const facts = [
    [t('price'), euros(product.price)],
    [t('size'), product.size],
    [t('brand'), product.brand],
    [t('condition'), condition],
  ].filter((f): f is [string, string] => Boolean(f[1]));
  const description = product.description
    ? `<h2>${esc(t('description'))}</h2>${product.description
        .split(/\n{2,}/)
        .map((para) => `<p>${esc(para).replace(/\n/g, '<br>')}</p>`)
        .join('')}`
    : '';
  const offer = {
    '@type': 'Offer',
    url: canonical,
    priceCurrency: 'EUR',
    ...(product.price !== null && { price: product.price.toFixed(2) }),
    availability: reserved ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    itemCondition: itemCondition(product.quality),
    seller: { '@type': 'Organization', name: vendor.name },
  };
  return page(
    {
      lang: ctx.lang,
      title: `${product.title} – ${euros(product.price)} – ${vendor.name}`,
      description: (
        product.description ??
        [product.title, ...facts.map((f) => f.join(colon(ctx.lang)))].join(', ')
      )
        .replace(/\s+/g, ' ')
        .slice(0, 160),
      canonical,
      ogType: 'product',
      ogImage: product.photos[0] ? absolute(product.photos[0].image) : null,
      otherLangHref: otherLang(ctx, path),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        ...(product.description && { description: product.description }),
        ...(product.reference && { sku: product.reference }),
        ...(product.brand && { brand: { '@type': 'Brand', name: product.brand } }),
        ...(product.size && { size: product.size }),
        image: product.photos.map((p) => absolute(p.image)),
        offers: offer,
      },
    },
    `<p><a href="${esc(href(ctx, shopPath(vendor.slug)))}">${esc(t('backToShop', { name: vendor.name }))}</a></p>
<div class="product">
<div><h1>${esc(product.title)}${reserved ? ` <span class="badge">${esc(t('reserved'))}</span>` : ''}</h1>
<h2 class="hp">${esc(t('photos'))}</h2>${gallery}${description}</div>
<div><dl>${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd${k === t('price') ? ' class="price"' : ''}>${esc(v)}</dd>`).join('')}</dl>
${reserved ? `<p class="notice"${state.notice ? ' role="alert"' : ''}>${esc(t(state.notice ?? 'reservedNotice'))}</p>` : reservationForm(ctx, vendor, product, state)}
</div></div>`,
  );
}

/** After a reservation: what happens next. Not indexed. */
export function confirmationPage(ctx: PageContext, vendor: ShopVendor): string {
  const t = textsFor(ctx);
  const path = `${shopPath(vendor.slug)}`;
  return page(
    {
      lang: ctx.lang,
      title: t('confirmedTitle'),
      description: t('confirmedTitle'),
      noindex: true,
      otherLangHref: otherLang(ctx, `${path}/reserved`),
    },
    `<h1>${esc(t('confirmedTitle'))}</h1>
<p role="status">${esc(t('confirmedText', { name: vendor.name }))}</p>
<p><a href="${esc(href(ctx, path))}">${esc(t('backToShop', { name: vendor.name }))}</a></p>`,
  );
}

export function notFoundPage(ctx: PageContext, path: string): string {
  const t = textsFor(ctx);
  return page(
    {
      lang: ctx.lang,
      title: t('notFoundTitle'),
      description: t('notFoundText'),
      noindex: true,
      otherLangHref: otherLang(ctx, path),
    },
    `<h1>${esc(t('notFoundTitle'))}</h1><p>${esc(t('notFoundText'))}</p>`,
  );
}
