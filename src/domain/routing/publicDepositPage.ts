/** The public deposit flow's French base path and its English alias (1-app-shell.md §2). */
export const FLOW_BASES = ['/nouveau-depot-seconde-main', '/new-deposit'] as const;

/** The light page the server answers for the flow's addresses, beside the app's index.html. */
export const PUBLIC_DEPOSIT_PAGE = '/public-deposit.html';

const FLOW_PATH = /^\/(?:nouveau-depot-seconde-main|new-deposit)(?:-validation)?(?:\/|$)/;

/** Whether a page address belongs to the public deposit flow (its steps and its end). */
export function isPublicDepositPath(pathname: string): boolean {
  return FLOW_PATH.test(pathname);
}
