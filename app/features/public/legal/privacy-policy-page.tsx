import { LegalDocument } from "./legal-document.tsx";

/** /privacy-policy: 11 sections (spec 000 §2). */
export default function PrivacyPolicyPage() {
  return <LegalDocument id="privacy" />;
}
