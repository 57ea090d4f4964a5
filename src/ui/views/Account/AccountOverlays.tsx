/** The shell's overlays: subscription modal, legal terms dialog, notification stack. */
export function AccountOverlays() {
  return null;
}
