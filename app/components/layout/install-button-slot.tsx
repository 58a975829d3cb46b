/** Where the header's install-app button goes; the PWA install work fills this in. */
export function InstallButtonSlot() {
  return null;
}
