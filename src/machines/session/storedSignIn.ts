/**
 * Whether this tab holds a signed-in user: the sign-in library keeps it in the tab's session
 * storage under `oidc.user:<authority>:<client>`. Read without loading the library, so a light
 * page can tell at once whether to hand over to the app.
 */
export function hasStoredSignIn(storage: Pick<Storage, 'length' | 'key'> | null): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++)
    if (storage.key(i)?.startsWith('oidc.user:')) return true;
  return false;
}

/** The tab's session storage, or null where the browser refuses it (blocked storage). */
export function tabSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
