import type { AppErrorCode } from '../../rpc/errors.ts';

/** Handling states of a ticket (SupportTicketStatus without its prefix). */
export const TICKET_STATUSES = ['OPEN', 'PENDING', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const isTicketStatus = (value: unknown): value is TicketStatus =>
  (TICKET_STATUSES as readonly unknown[]).includes(value);

/** One ticket in the inbox list. */
export interface TicketRow {
  readonly uuid: string;
  readonly title: string;
  readonly status: TicketStatus | null;
  /** SupportTicketPriority label, null when unknown. */
  readonly priority: string | null;
  readonly authorName: string;
  /** Last message (opening or answer), epoch ms. */
  readonly lastMessageAt: number | null;
}

/** One answer in a conversation. */
export interface TicketMessage {
  readonly uuid: string;
  readonly content: string;
  readonly fromSupport: boolean;
  readonly authorName: string;
  readonly createdAt: number | null;
}

/** An opened ticket: its opening message and the answers, oldest first. */
export interface TicketDetail extends TicketRow {
  readonly content: string;
  readonly createdAt: number | null;
  readonly messages: readonly TicketMessage[];
}

export interface TicketPage {
  readonly rows: readonly TicketRow[];
  readonly count: number;
}

export interface ReplyInput {
  readonly uuid: string;
  readonly content: string;
  /** Support's new status, or null to keep it. */
  readonly status: TicketStatus | null;
}

export interface MessagingContext {
  /** Support (admin-level) sees every ticket with its author and may change statuses. */
  readonly isSupport: boolean;
  readonly rows: readonly TicketRow[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  /** The ticket being opened or shown. */
  readonly selected: string | null;
  readonly ticket: TicketDetail | null;
  /** The answer being written. */
  readonly reply: string;
  /** The status support chose for its answer (starts at the ticket's). */
  readonly status: TicketStatus | null;
  readonly listErrorCode: AppErrorCode | null;
  readonly ticketErrorCode: AppErrorCode | null;
}

export type MessagingEvent =
  | { type: 'messaging.page'; page: number }
  /** Reload the list (a new ticket was sent). */
  | { type: 'messaging.refresh' }
  | { type: 'messaging.retry' }
  | { type: 'messaging.open'; uuid: string }
  | { type: 'messaging.close' }
  | { type: 'messaging.retryOpen' }
  | { type: 'messaging.editReply'; value: string }
  | { type: 'messaging.setStatus'; value: TicketStatus }
  | { type: 'messaging.send' };

export type MessagingEmitted = { type: 'messaging.replied' };
