import { Button, Icon } from '@blueprintjs/core';

export interface SortHeaderProps {
  readonly label: string;
  readonly direction: 'asc' | 'desc' | null;
  /** Accessible name of the button, e.g. "Sort by Name". */
  readonly sortLabel: string;
  readonly onSort: () => void;
  readonly testId?: string;
}

/** A table header cell that sorts its column on click, announcing the order with aria-sort. */
export function SortHeader({ label, direction, sortLabel, onSort, testId }: SortHeaderProps) {
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <th aria-sort={ariaSort} scope="col">
      <Button
        variant="minimal"
        size="small"
        onClick={onSort}
        aria-label={sortLabel}
        data-testid={testId}
      >
        {label}
        {direction && <Icon icon={direction === 'asc' ? 'caret-up' : 'caret-down'} />}
      </Button>
    </th>
  );
}
