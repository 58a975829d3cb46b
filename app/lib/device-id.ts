const KEY = "campo:device-id";

/**
 * A stable id of this installation (XLSForm's `deviceid`): made once and kept in local storage, so it survives
 * sign-outs and updates and changes only when the app's data is cleared. Browsers give pages no hardware id.
 */
export function installationId(storage: Storage = localStorage): string {
  const stored = storage.getItem(KEY);
  if (stored) return stored;
  const id = `campo:${crypto.randomUUID()}`;
  storage.setItem(KEY, id);
  return id;
}
