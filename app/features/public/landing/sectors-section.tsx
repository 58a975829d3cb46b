import {
  Building2,
  Droplets,
  Factory,
  Fuel,
  HardHat,
  Landmark,
  Leaf,
  Mountain,
  RadioTower,
  ShieldCheck,
  Tractor,
  Truck,
  Zap,
} from "lucide-react";
import { useTranslation } from "react-i18next";

/** The sectors of spec 000 §1, in its order. */
const SECTORS = [
  { key: "energy", icon: Zap },
  { key: "construction", icon: HardHat },
  { key: "environmental", icon: Leaf },
  { key: "telecom", icon: RadioTower },
  { key: "water", icon: Droplets },
  { key: "agriculture", icon: Tractor },
  { key: "insurance", icon: ShieldCheck },
  { key: "manufacturing", icon: Factory },
  { key: "oilGas", icon: Fuel },
  { key: "government", icon: Landmark },
  { key: "transport", icon: Truck },
  { key: "topography", icon: Mountain },
  { key: "realEstate", icon: Building2 },
] as const;

/** The environments the product serves; the public menu's "sectors" entry scrolls here. */
export function SectorsSection() {
  const { t } = useTranslation("public");
  return (
    <section id="sectors" aria-labelledby="sectors-title" className="scroll-mt-16 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="sectors-title" className="text-center text-3xl font-bold tracking-tight">
          {t("landing.sectors.title")}
        </h2>
        <p className="mx-auto mb-10 mt-3 max-w-2xl text-center text-muted-foreground">{t("landing.sectors.subtitle")}</p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {SECTORS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-center gap-3 rounded-lg border bg-card p-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="text-sm font-medium">{t(`landing.sectors.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
