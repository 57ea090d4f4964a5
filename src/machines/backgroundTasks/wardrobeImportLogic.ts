import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { BackgroundImportService } from '../../rpc/gen/seconde/v1/background_import_pb.ts';
import { wardrobeImportMachine } from './wardrobeImportMachine.ts';

/** The wardrobe import dialog over BackgroundImportService; the server picks the caller's stock. */
export function wardrobeImportLogic(clients: ClientFactory) {
  const client = clients.get(BackgroundImportService);
  return wardrobeImportMachine.provide({
    actors: {
      startImport: fromPromise<{ taskUuid: string }, { profileUrl: string }>(
        async ({ input, signal }) => {
          const answer = await client.importMarketplaceProfile(
            { profileUrl: input.profileUrl },
            { signal },
          );
          return { taskUuid: answer.backgroundTask?.uuid ?? '' };
        },
      ),
    },
  });
}
