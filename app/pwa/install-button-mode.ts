export type InstallButtonMode = "installed" | "mobile-only" | "ios-howto" | "prompt" | "fallback";

/**
 * Spec 001 §4: installed → disabled 'Instalado'; a computer → disabled 'Disponível no celular'; iOS → the
 * how-to toast; a saved prompt → the browser's dialog; any other phone browser → the fallback instructions.
 */
export function installButtonMode(state: {
  isInstalled: boolean;
  isMobile: boolean;
  isIos: boolean;
  canInstall: boolean;
}): InstallButtonMode {
  if (state.isInstalled) return "installed";
  if (!state.isMobile) return "mobile-only";
  if (state.isIos) return "ios-howto";
  return state.canInstall ? "prompt" : "fallback";
}
