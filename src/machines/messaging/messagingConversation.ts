import { messagingSetup, statusChange } from './messagingSetup.ts';

/**
 * The opened ticket: loading it, reading it, answering. A failed answer keeps its text; a new
 * ticket cannot be opened while an answer is on its way.
 */
export const conversation = messagingSetup.createStateConfig({
  initial: 'none',
  on: {
    'messaging.open': {
      target: '.opening',
      actions: { type: 'select', params: ({ event }) => event },
    },
  },
  states: {
    none: {},
    opening: {
      tags: ['busy', 'ticketBusy'],
      invoke: {
        id: 'loadTicket',
        src: 'loadTicket',
        input: ({ context }) => ({ uuid: context.selected ?? '' }),
        onDone: {
          target: 'viewing',
          actions: { type: 'assignTicket', params: ({ event }) => event.output },
        },
        onError: {
          target: 'openFailed',
          actions: { type: 'assignTicketError', params: ({ event }) => event },
        },
      },
    },
    openFailed: {
      tags: ['error', 'ticketError'],
      on: {
        'messaging.retryOpen': { target: 'opening', actions: 'clearTicketError' },
        'messaging.close': { target: 'none', actions: 'unselect' },
      },
    },
    viewing: {
      tags: ['replyEditable'],
      on: {
        'messaging.editReply': {
          actions: { type: 'assignReply', params: ({ event }) => event },
        },
        'messaging.setStatus': {
          guard: { type: 'canSetStatus', params: ({ event }) => event },
          actions: { type: 'assignStatus', params: ({ event }) => event },
        },
        'messaging.send': { guard: 'canSend', target: 'replying' },
        'messaging.close': { target: 'none', actions: 'unselect' },
      },
    },
    replying: {
      tags: ['busy', 'ticketBusy'],
      // The answer may already be written: it is seen through before another ticket opens.
      on: { 'messaging.open': {} },
      invoke: {
        id: 'sendReply',
        src: 'sendReply',
        input: ({ context }) => ({
          uuid: context.ticket?.uuid ?? '',
          content: context.reply.trim(),
          status: statusChange(context),
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignTicket', params: ({ event }) => event.output },
            'clearReply',
            'emitReplied',
          ],
        },
        onError: {
          target: 'replyFailed',
          actions: { type: 'assignTicketError', params: ({ event }) => event },
        },
      },
    },
    replyFailed: {
      tags: ['error', 'replyEditable', 'replyError'],
      on: {
        'messaging.editReply': {
          target: 'viewing',
          actions: ['clearTicketError', { type: 'assignReply', params: ({ event }) => event }],
        },
        'messaging.setStatus': {
          guard: { type: 'canSetStatus', params: ({ event }) => event },
          target: 'viewing',
          actions: ['clearTicketError', { type: 'assignStatus', params: ({ event }) => event }],
        },
        'messaging.send': {
          guard: 'canSend',
          target: 'replying',
          actions: 'clearTicketError',
        },
        'messaging.close': { target: 'none', actions: 'unselect' },
      },
    },
  },
});
