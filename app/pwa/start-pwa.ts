import { captureInstallPrompt } from "./install-state.ts";
import { registerServiceWorker } from "./register-sw.ts";

// Imported before the first render, by main.tsx and by the prerendered landing's entry (one module instance for
// both): the install prompt can fire before any component mounts, and the worker is registered on every page.
captureInstallPrompt();
registerServiceWorker();
