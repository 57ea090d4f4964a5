import { useSession } from '../app/sessionContext.ts';
import { selectShellFirstName, selectShellLastName, selectShellPicture } from './shellSelectors.ts';

/** A stored picture key is served under /media; full addresses are used as they are. */
function pictureUrl(picture: string): string {
  return /^(https?:|\/|data:)/.test(picture) ? picture : `/media/${encodeURIComponent(picture)}`;
}

/** Initials of first and last name ("VV"), upper case; '?' when both are empty. */
export function initialsOf(firstName: string, lastName: string): string {
  const letters = [firstName, lastName].map((name) => name.trim().charAt(0)).join('');
  return letters.toLocaleUpperCase() || '?';
}

/** The user's picture, or their initials; decorative, the text beside it names the user. */
export function UserAvatar({ size = 36 }: { size?: number }) {
  const firstName = useSession(selectShellFirstName);
  const lastName = useSession(selectShellLastName);
  const picture = useSession(selectShellPicture);
  const style = { width: size, height: size };
  return picture ? (
    <img className="seconde-avatar" style={style} src={pictureUrl(picture)} alt="" />
  ) : (
    // The initials are drawn by CSS: the name beside the avatar is what assistive technology reads.
    <span
      className="seconde-avatar seconde-avatar-initials"
      style={style}
      data-initials={initialsOf(firstName, lastName)}
      aria-hidden="true"
    />
  );
}
