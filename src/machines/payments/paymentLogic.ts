import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  PaymentProcessService,
  PaymentStatusSchema,
  type PaymentProcess,
} from '../../rpc/gen/seconde/v1/payment_process_pb.ts';
import { StreamCode } from '../../rpc/gen/seconde/v1/common_pb.ts';
import { ShippingLabelService } from '../../rpc/gen/seconde/v1/shipping_label_pb.ts';
import { enumLabel } from '../people/labels.ts';
import { paymentMachine, type PaymentStatusLabel, type PaymentSummary } from './paymentMachine.ts';

/** A payment process as the waiting screen shows it. */
export function paymentSummaryOf(
  process: PaymentProcess,
  backTo: string | null = null,
): PaymentSummary {
  return {
    uuid: process.uuid,
    status: (enumLabel(PaymentStatusSchema, process.paymentStatus) ??
      'NOT_STARTED') as PaymentStatusLabel,
    amountCents: Number(process.amountCents),
    currency: process.currency,
    description: process.description,
    paymentUrl: /^https?:\/\//.test(process.paymentUrl) ? process.paymentUrl : '',
    waitExpired: process.waitForConfirmationExpired,
    backTo,
  };
}

/** The waiting screen with its calls: the payment, the server's wait, a new checkout page. */
export function paymentLogic(clients: ClientFactory) {
  const payments = clients.get(PaymentProcessService);
  const labels = clients.get(ShippingLabelService);
  /** A paid label leads back to its item's page, where the label now shows. */
  const summary = async (process: PaymentProcess, signal: AbortSignal) => {
    if (process.ownerContentType !== 'shipping_label' || !process.ownerObjectUuid)
      return paymentSummaryOf(process);
    const label = await labels.retrieve({ uuid: process.ownerObjectUuid }, { signal });
    return paymentSummaryOf(
      process,
      label.shippedContentType === 'product' ? `/product/${label.shippedObjectUuid}` : null,
    );
  };
  return paymentMachine.provide({
    actors: {
      loadPayment: fromPromise<PaymentSummary, { uuid: string }>(async ({ input, signal }) =>
        summary(await payments.retrieve({ uuid: input.uuid }, { signal }), signal),
      ),
      waitForConfirmation: fromPromise<PaymentSummary, { uuid: string }>(
        async ({ input, signal }) => {
          let last: PaymentProcess | undefined;
          for await (const step of payments.waitForPaymentConfirmation(
            { uuid: input.uuid },
            { signal },
          )) {
            const process = step.results[0];
            if (process) last = process;
            if (step.code === StreamCode.FINISH || step.code === StreamCode.SPECIAL) break;
          }
          if (!last) throw new Error('The wait ended without the payment');
          return summary(last, signal);
        },
      ),
      refreshPaymentUrl: fromPromise<PaymentSummary, { uuid: string }>(
        async ({ input, signal }) => {
          await payments.refreshPaymentUrl({ uuid: input.uuid }, { signal });
          return summary(await payments.retrieve({ uuid: input.uuid }, { signal }), signal);
        },
      ),
    },
  });
}
