import { Card, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface FactsProps {
  /** [label, value] pairs, already translated. */
  readonly facts: ReadonlyArray<[string, string]>;
  readonly testId: string;
  /** What follows the list in the card (an edit button). */
  readonly children?: ReactNode;
}

/** Facts as a description list; empty values read as a dash for screen readers too. */
export function Facts({ facts, testId, children }: FactsProps) {
  return (
    <Card data-testid={testId}>
      <dl className="seconde-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
