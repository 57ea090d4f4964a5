import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import {
  isSponsorCodeShape,
  normalizeSponsorCode,
} from '../../../src/domain/referral/sponsorCode.ts';
import {
  CreateFromSponsorCodeResponseSchema,
  ListReferralsResponseSchema,
  ReferralEntrySchema,
  ReferralRewardStatus,
  ReferralService,
  type CreateFromSponsorCodeRequest,
  type ListReferralsRequest,
} from '../../../src/rpc/gen/seconde/v1/referral_pb.ts';
import { requireCaller } from '../../crud/crudService.ts';
import type { Database } from '../../db/schema.gen.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { implement } from '../implement.ts';

/** A vendor's name as others see it: first and last name, else their e-mail. */
export const vendorName = (alias: string) =>
  sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)},
    ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.email`)}, '')`;

const REWARD_STATUS: Record<string, ReferralRewardStatus> = {
  PENDING: ReferralRewardStatus.PENDING,
  EARNED: ReferralRewardStatus.EARNED,
  APPLIED: ReferralRewardStatus.APPLIED,
};

interface Sponsor {
  readonly uuid: string;
  readonly name: string;
  readonly code: string;
}

/**
 * Why `vendor` may not be sponsored by `sponsor` now, or null: already sponsored by someone else,
 * sponsored by the one they sponsored, or already subscribed (the code belongs to onboarding).
 * The same sponsor again is no refusal: typing the code twice records it once.
 */
async function refusalOf(db: Kysely<Database>, vendor: string, sponsor: Sponsor) {
  const current = (
    await sql<{
      sponsor: string;
    }>`select sponsor from referral where sponsored = ${vendor}`.execute(db)
  ).rows[0];
  if (current?.sponsor === sponsor.uuid) return 'same' as const;
  if (current)
    return fail(Code.FailedPrecondition, 'ALREADY_SPONSORED', 'This vendor already has a sponsor');
  const mutual = await sql`select 1 from referral
    where sponsor = ${vendor} and sponsored = ${sponsor.uuid}`.execute(db);
  if (mutual.rows.length)
    return fail(
      Code.FailedPrecondition,
      'SPONSOR_CODE_MUTUAL',
      'This vendor was sponsored by the caller',
    );
  const subscribed = await sql`select 1 from subscription
    where vendor = ${vendor} and provider_event_at is not null limit 1`.execute(db);
  if (subscribed.rows.length)
    return fail(
      Code.FailedPrecondition,
      'REFERRAL_TOO_LATE',
      'A sponsor code is entered before the first subscription',
    );
  return null;
}

/**
 * ReferralService: a vendor records who sponsored them during onboarding, and each vendor reads
 * their own code and the vendors they sponsored (staff name the vendor). The rewards are in
 * referralRewards.ts.
 */
export function referralCallsHandlers(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function createFromSponsorCode(req: CreateFromSponsorCodeRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = caller.vendorUuid;
    if (!vendor)
      throw fail(
        Code.PermissionDenied,
        'REFERRAL_VENDORS_ONLY',
        'Only a vendor can be sponsored by another vendor',
      );
    const code = normalizeSponsorCode(req.sponsorCode);
    if (!code) throw fail(Code.InvalidArgument, 'SPONSOR_CODE_EMPTY', 'Type a sponsor code');
    const sponsor = isSponsorCodeShape(code)
      ? (
          await sql<Sponsor>`select v.uuid, ${vendorName('v')} as name, v.sponsor_code as code
            from vendor v where v.sponsor_code = ${code}`.execute(db)
        ).rows[0]
      : undefined;
    if (!sponsor)
      throw fail(Code.InvalidArgument, 'SPONSOR_CODE_UNKNOWN', 'No vendor has this sponsor code');
    if (sponsor.uuid === vendor)
      throw fail(Code.InvalidArgument, 'SPONSOR_CODE_OWN', 'A vendor cannot sponsor themself');
    const answer = () =>
      create(CreateFromSponsorCodeResponseSchema, {
        success: true,
        message: 'Sponsorship recorded',
        sponsorName: sponsor.name,
      });
    const before = await refusalOf(db, vendor, sponsor);
    if (before === 'same') return answer();
    if (before) throw before;
    const inserted = await sql`insert into referral (sponsor, sponsored, sponsor_code, created_at)
      values (${sponsor.uuid}, ${vendor}, ${sponsor.code}, ${clock()})
      on conflict (sponsored) do nothing returning uuid`.execute(db);
    if (!inserted.rows.length) {
      // Another tab recorded a sponsor meanwhile: the same one is fine, another is refused.
      const after = await refusalOf(db, vendor, sponsor);
      if (after && after !== 'same') throw after;
    }
    return answer();
  }

  async function listReferrals(req: ListReferralsRequest, ctx: HandlerContext) {
    const caller = requireCaller(ctx);
    const vendor = req.vendor || caller.vendorUuid;
    if (!vendor)
      throw fail(
        Code.FailedPrecondition,
        'NO_OWN_RECORD',
        'Name the vendor whose referrals to list',
      );
    // A vendor's company may let them read a colleague's record, never their referrals.
    if (!caller.isAdminLevel && vendor !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'A vendor lists only their own referrals');
    const own = (
      await sql<{ code: string | null; sponsoredBy: string | null }>`
        select v.sponsor_code as code, (select ${vendorName('s')} from referral r
          join vendor s on s.uuid = r.sponsor where r.sponsored = v.uuid) as "sponsoredBy"
        from vendor v where v.uuid = ${vendor}`.execute(db)
    ).rows[0];
    if (!own) throw fail(Code.NotFound, 'NOT_FOUND', 'No such vendor');
    const { rows } = await sql<{
      uuid: string;
      name: string;
      created_at: Date;
      reward_status: string;
      rewarded_at: Date | null;
    }>`select r.uuid, ${vendorName('v')} as name, r.created_at, r.reward_status, r.rewarded_at
      from referral r join vendor v on v.uuid = r.sponsored
      where r.sponsor = ${vendor} order by r.created_at desc, r.uuid`.execute(db);
    return create(ListReferralsResponseSchema, {
      sponsorCode: own.code ?? '',
      sponsoredBy: own.sponsoredBy ?? '',
      count: rows.length,
      results: rows.map((r) =>
        create(ReferralEntrySchema, {
          uuid: r.uuid,
          sponsoredName: r.name,
          createdAt: timestampFromDate(new Date(r.created_at)),
          rewardStatus: REWARD_STATUS[r.reward_status] ?? ReferralRewardStatus.UNSPECIFIED,
          ...(r.rewarded_at && { rewardedAt: timestampFromDate(new Date(r.rewarded_at)) }),
        }),
      ),
    });
  }

  return [implement(ReferralService, { createFromSponsorCode, listReferrals })] as const;
}
