import { createActorContext } from '@xstate/react';
import { announcementsMachine } from '../../machines/announcements/announcementsMachine.ts';

/** The announcements page's actor, shared by its list and dialogs. */
export const AnnouncementsContext = createActorContext(announcementsMachine);
export const useAnnouncements = AnnouncementsContext.useSelector;
export const useAnnouncementsActor = AnnouncementsContext.useActorRef;
