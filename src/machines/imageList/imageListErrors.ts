/** Text keys of the failures the photo machines hold, for the views (which never import RPC code). */
export { errorI18nKey } from '../../rpc/errors.ts';
