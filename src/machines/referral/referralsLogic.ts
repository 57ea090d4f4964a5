import { timestampDate } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { ReferralRewardStatus, ReferralService } from '../../rpc/gen/seconde/v1/referral_pb.ts';
import { referralsMachine, type LoadedReferrals, type RewardStatus } from './referralsMachine.ts';

const STATUS: Record<number, RewardStatus> = {
  [ReferralRewardStatus.PENDING]: 'PENDING',
  [ReferralRewardStatus.EARNED]: 'EARNED',
  [ReferralRewardStatus.APPLIED]: 'APPLIED',
};

/** The referral panel over ReferralService.ListReferrals (the caller's own) and the clipboard. */
export function referralsLogic(clients: ClientFactory, clipboard: () => Clipboard | undefined) {
  return referralsMachine.provide({
    actors: {
      loadReferrals: fromPromise<LoadedReferrals>(async ({ signal }) => {
        const answer = await clients.get(ReferralService).listReferrals({}, { signal });
        return {
          code: answer.sponsorCode,
          sponsoredBy: answer.sponsoredBy,
          referrals: answer.results.map((r) => ({
            uuid: r.uuid,
            name: r.sponsoredName,
            createdAt: r.createdAt ? timestampDate(r.createdAt).getTime() : 0,
            status: STATUS[r.rewardStatus] ?? 'PENDING',
          })),
        };
      }),
      copyCode: fromPromise<void, { code: string }>(async ({ input }) => {
        const target = clipboard();
        if (!target) throw new Error('No clipboard');
        await target.writeText(input.code);
      }),
    },
  });
}
