import { Classes, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One edit-profile child: its title, an optional line about it, then its content. */
export function ProfilePage({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="seconde-page" data-testid={`profile-${id}`}>
      <H1 id={`${id}-title`}>{title}</H1>
      {intro && <p className={Classes.TEXT_MUTED}>{intro}</p>}
      {children}
    </section>
  );
}
