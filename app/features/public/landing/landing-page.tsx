import { PublicFrame } from "./public-frame.tsx";
import { FeaturesSection, FinalCtaSection, HeroSection, ProblemSolutionSection, StepsSection } from "./landing-sections.tsx";
import { FiguresSection } from "./figures-section.tsx";
import { CustomerLogosSection } from "./customer-logos.tsx";
import { SectorsSection } from "./sectors-section.tsx";
import { TestimonialsSection } from "./testimonials-section.tsx";
import { PricingSection } from "./pricing-section.tsx";

/** The landing's content in the order of spec 000 §2; drawn by /home in the browser and by the build's prerender. */
export function LandingPage() {
  return (
    <PublicFrame>
      <HeroSection />
      <FiguresSection />
      <ProblemSolutionSection />
      <CustomerLogosSection />
      <FeaturesSection />
      <SectorsSection />
      <StepsSection />
      <TestimonialsSection />
      <PricingSection />
      <FinalCtaSection />
    </PublicFrame>
  );
}
