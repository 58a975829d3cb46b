import { LegalDocument } from "./legal-document.tsx";

/** /terms-of-service: 13 sections; liability capped at the last 12 months' payments, Brazilian law (spec 000 §2, §9). */
export default function TermsOfServicePage() {
  return <LegalDocument id="terms" />;
}
