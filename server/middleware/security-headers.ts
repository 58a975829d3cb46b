import { secureHeaders } from "hono/secure-headers";

/**
 * CSP allows only our own origin; map tiles come from the configurable TILE_URL host, and blob:/data: images
 * are photos and signatures shown from IndexedDB before they sync (blob: media likewise recordings and videos). The
 * microphone is ours for audio questions. The only inline scripts allowed are named by hash
 * (the theme script the built pages inline).
 */
export function securityHeaders(options: { tileOrigins: string[]; inlineScriptHashes?: string[] }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the barcode question compile our own ZXing WASM; it allows no JavaScript eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(options.inlineScriptHashes ?? [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...options.tileOrigins],
      mediaSrc: ["'self'", "blob:"],
      connectSrc: ["'self'", ...options.tileOrigins],
      fontSrc: ["'self'", "data:"],
      workerSrc: ["'self'", "blob:"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
    strictTransportSecurity: "max-age=31536000; includeSubDomains",
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: ["self"], geolocation: ["self"], microphone: ["self"] },
  });
}
