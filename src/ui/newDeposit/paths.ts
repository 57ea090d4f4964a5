import type { Step } from '../../machines/newDeposit/newDepositTypes.ts';

import { FLOW_BASES } from '../../domain/routing/publicDepositPage.ts';

export { FLOW_BASES };

/** The base the visitor came through, so the alias keeps its own addresses. */
export function flowBase(pathname: string): string {
  return pathname.startsWith('/new-deposit') ? '/new-deposit' : '/nouveau-depot-seconde-main';
}

export function validationPath(pathname: string): string {
  return `${flowBase(pathname)}-validation`;
}

export function isValidationPath(pathname: string): boolean {
  return FLOW_BASES.some((base) => pathname.startsWith(`${base}-validation`));
}

export function stepPath(pathname: string, step: Step, customerUuid: string | null): string {
  const base = flowBase(pathname);
  const id = customerUuid ?? '';
  switch (step) {
    case 'contact':
      return id ? `${base}/${id}` : base;
    case 'criteria':
      return `${base}/deposit-criteria/${id}`;
    case 'info':
      return `${base}/deposit-info/${id}`;
  }
}

/** The step an address shows ('contact' for the base and `/:customerUuid`). */
export function stepOfPath(pathname: string): Step {
  if (/\/deposit-criteria\//.test(pathname)) return 'criteria';
  if (/\/deposit-info\//.test(pathname)) return 'info';
  return 'contact';
}
