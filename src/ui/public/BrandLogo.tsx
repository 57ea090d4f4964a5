/** The Seconde mark: a hanger in a circle, then the name. Decorative beside a labelled link. */
export function BrandLogo() {
  return (
    <svg
      className="seconde-brand-logo"
      viewBox="0 0 168 40"
      width="168"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="20" cy="20" r="19" fill="#2d72d2" />
      <path
        d="M20 9a3.5 3.5 0 0 1 3.5 3.5c0 1.6-1.2 2.4-2.3 3.1L20 16.3v1.4l10.4 7.2a1.8 1.8 0 0 1-1 3.3H10.6a1.8 1.8 0 0 1-1-3.3L20 17.7"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text x="48" y="28" fontSize="24" fontWeight="600" fill="currentColor">
        Seconde
      </text>
    </svg>
  );
}

/** The thank-you picture: a pile of folded clothes under a heart. */
export function ThanksPicture({ label }: { label: string }) {
  return (
    <svg className="seconde-thanks-picture" viewBox="0 0 240 240" role="img" aria-label={label}>
      <path
        d="M120 78c-9-17-38-15-38 7 0 18 38 38 38 38s38-20 38-38c0-22-29-24-38-7z"
        fill="#cd4246"
      />
      <rect x="52" y="140" width="136" height="22" rx="6" fill="#8abbff" />
      <rect x="44" y="164" width="152" height="24" rx="6" fill="#2d72d2" />
      <rect x="60" y="118" width="120" height="20" rx="6" fill="#d1e4ff" />
      <rect x="36" y="190" width="168" height="26" rx="6" fill="#184a90" />
    </svg>
  );
}
