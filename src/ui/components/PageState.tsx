import { NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

/** A full-page NonIdealState (loading, empty, failed) with a stable test id. */
export function PageState({ testId, ...props }: NonIdealStateProps & { testId: string }) {
  return (
    <div className="seconde-page-state" data-testid={testId}>
      <NonIdealState {...props} />
    </div>
  );
}
