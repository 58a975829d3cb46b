import { createElement } from "react";
import {
  Calculator,
  Fingerprint,
  ScanBarcode,
  EyeOff,
  CircleCheck,
  ListOrdered,
  SlidersHorizontal,
  CalendarClock,
  Calendar,
  Camera,
  CircleDot,
  Clock,
  Hash,
  Link,
  ListChecks,
  Mail,
  MapPin,
  Phone,
  Repeat,
  Rows3,
  Signature,
  StickyNote,
  ToggleLeft,
  Type,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";
import { FIELD_TYPE_INFO, type FieldType } from "../../../../shared/fields/field-types.ts";

/** shared/ names each type's icon; the web owns the components (shared stays free of React). */
const ICONS: Record<string, LucideIcon> = {
  Calculator,
  Fingerprint,
  ScanBarcode,
  EyeOff,
  CircleCheck,
  ListOrdered,
  SlidersHorizontal,
  CalendarClock,
  Calendar,
  Camera,
  CircleDot,
  Clock,
  Hash,
  Link,
  ListChecks,
  Mail,
  MapPin,
  Phone,
  Repeat,
  Rows3,
  Signature,
  StickyNote,
  ToggleLeft,
  Type,
};

export function FieldIcon({ type, ...props }: LucideProps & { type: FieldType }) {
  return createElement(ICONS[FIELD_TYPE_INFO[type].icon] ?? Type, { "aria-hidden": true, ...props });
}
