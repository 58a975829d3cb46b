import { captureInstallPrompt } from "./install-state.ts";
import { registerServiceWorker } from "./register-sw.ts";

// Imported once by main.tsx before the first render: the install prompt can fire before any component mounts.
captureInstallPrompt();
registerServiceWorker();
