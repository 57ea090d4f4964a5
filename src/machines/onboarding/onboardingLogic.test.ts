import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import { AgeRange, ContactWay } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import {
  CustomerSchema,
  CustomerService,
  type SaveCustomerOnboardingRequest,
} from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { onboardingLogic } from './onboardingLogic.ts';
import { CUSTOMER_STEPS } from './onboardingSteps.ts';

/** A customer service keeping one record, as SaveOnboarding does: masked fields only. */
function customerServer() {
  let record = create(CustomerSchema, {
    uuid: 'c-1',
    rowVersion: 3,
    preferedContactWay: ContactWay.EMAIL,
  });
  const saves: SaveCustomerOnboardingRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(CustomerService, {
      retrieveByIdentity: () => record,
      saveOnboarding: (req) => {
        saves.push(req);
        const patch = Object.fromEntries(
          (req.updateMask?.paths ?? []).map((p) => [p, (req.customer as never)[p]]),
        );
        record = create(CustomerSchema, {
          ...record,
          ...patch,
          rowVersion: record.rowVersion + 1,
          onboardingCompleted: req.complete,
        });
        return record;
      },
    });
  });
  return { clients: createClientFactory({ main: transport, notification: transport }), saves };
}

describe('onboardingLogic over CustomerService', () => {
  it('reads the saved answers as labels and saves each step as a masked partial message', async () => {
    const { clients, saves } = customerServer();
    const actor = createActor(onboardingLogic(clients, 'customer', CUSTOMER_STEPS), {
      input: { steps: CUSTOMER_STEPS },
    }).start();
    await waitFor(actor, (s) => s.matches('answering'));
    const loaded = actor.getSnapshot().context.answers;
    expect(loaded).toMatchObject({ preferedContactWay: 'EMAIL', acceptSendPostal: false });
    expect(loaded.ageRange ?? null).toBeNull();

    actor.send({ type: 'onboarding.answer', field: 'ageRange', value: 'CHILD_2_10' });
    actor.send({ type: 'onboarding.next' });
    await waitFor(actor, (s) => s.matches('answering') && s.context.step === 1);
    expect(saves[0]).toMatchObject({
      updateMask: { paths: ['preferedContactWay', 'ageRange'] },
      customer: {
        preferedContactWay: ContactWay.EMAIL,
        ageRange: AgeRange.CHILD_2_10,
        rowVersion: 0,
      },
      complete: false,
    });

    const completed: unknown[] = [];
    actor.on('onboarding.completed', (e) => completed.push(e));
    actor.send({ type: 'onboarding.answer', field: 'acceptSendPostal', value: true });
    actor.send({ type: 'onboarding.answer', field: 'howDidYouKnowProvider', value: 'PRESS' });
    actor.send({ type: 'onboarding.next' });
    await waitFor(actor, (s) => s.matches('completed'));
    expect(saves[1]).toMatchObject({
      customer: {
        acceptSendPostal: true,
        acceptHomeTakeAway: false,
        howDidYouKnowProvider: 'PRESS',
      },
      complete: true,
    });
    expect(completed).toEqual([{ type: 'onboarding.completed' }]);
    actor.stop();
  });
});
