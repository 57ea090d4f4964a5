import { ConnectError } from '@connectrpc/connect';
import { checkSaleStatusChange, type Verdict } from '../../../src/domain/deposit/rules.ts';
import { isDepositStatus, isSaleStatus } from '../../../src/domain/deposit/statuses.ts';
import { enforce } from '../deposit/rules/ruleSql.ts';

/** Sale statuses a publication may put online; a sold, reserved or returned item is not offered. */
const PUBLISHABLE_STATUSES = ['OFFLINE', 'READY', 'ONLINE'];

export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/** The rule engine's refusal as its stable code and its English text. */
export function refusalOf(verdict: Verdict): Refusal | undefined {
  if (verdict.ok) return undefined;
  try {
    enforce(verdict);
  } catch (error) {
    const raw = error instanceof ConnectError ? error.rawMessage : '';
    try {
      const parsed = JSON.parse(raw) as { message?: string };
      return { code: verdict.code, message: parsed.message ?? verdict.code };
    } catch {
      return { code: verdict.code, message: verdict.code };
    }
  }
  return { code: verdict.code, message: verdict.code };
}

/**
 * May this product go online now (its status, its deposit's)? Checked before any channel call,
 * and again with the deposit locked when the listing is recorded.
 */
export function onlineRefusal(
  saleStatus: string | null,
  depositStatus: string | null,
): Refusal | undefined {
  const from = saleStatus ?? 'OFFLINE';
  if (!PUBLISHABLE_STATUSES.includes(from))
    return { code: 'NOT_AVAILABLE', message: `The product is ${from}: it cannot be published` };
  if (!isDepositStatus(depositStatus) || !isSaleStatus(from)) return undefined;
  return refusalOf(checkSaleStatusChange({ depositStatus, from, to: 'ONLINE' }));
}
