export { InstallButton as InstallButtonSlot } from "../../pwa/install-button.tsx";
