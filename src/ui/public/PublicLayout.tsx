import './public.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './BrandLogo.tsx';

/**
 * The public confirmation layout: the logo and the content on one side, a picture on the other
 * (hidden on phones). Stands outside the app shell, as the page of a finished payment does.
 */
export function PublicLayout({ picture, children }: { picture: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="seconde-public">
      <div className="seconde-public-content">
        <header>
          <Link to="/" className="seconde-public-home" aria-label={t('publicPages.logo')}>
            <BrandLogo />
          </Link>
        </header>
        <main id="main">{children}</main>
      </div>
      <div className="seconde-public-panel" data-testid="public-picture">
        {picture}
      </div>
    </div>
  );
}
