import './exports.css';
import { useAtomValue } from 'jotai';
import { ExportDialog } from './ExportDialog.tsx';
import { exportActorsAtom } from './exportsState.ts';

/** The windows of the app's exports, mounted once in the shell so they outlive any page. */
export function ExportsHost() {
  const actors = useAtomValue(exportActorsAtom);
  return (
    <>
      {Object.values(actors).map((actor) => (
        <ExportDialog key={actor.sessionId} actor={actor} />
      ))}
    </>
  );
}
