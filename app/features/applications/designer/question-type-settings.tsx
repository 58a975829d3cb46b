import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { METADATA_KINDS, RANGE_DEFAULTS, RANGE_STYLES } from "../../../../shared/fields/question-types.ts";
import { parseNumberText } from "../../../../shared/fields/number-text.ts";
import type { FieldType } from "../../../../shared/fields/field-types.ts";
import { Input } from "../../../components/ui/input.tsx";
import { ChoiceSelect, Row } from "./config-controls.tsx";
import type { DesignerFieldConfig } from "./designer-fields.ts";

type RangeKey = "start" | "end" | "step";
type Patch = Partial<Pick<DesignerFieldConfig, RangeKey | "style" | "kind">>;

interface Props {
  type: FieldType;
  config: DesignerFieldConfig;
  onChange: (patch: Patch) => void;
  /** The form rules' messages for a config property (`config.end`). */
  errorsOf: (property: string) => string[];
}

/** A range's start, end and step: blank falls back to XLSForm's default (1, 10, 1). */
function RangeBound({
  name,
  config,
  onChange,
  errors,
}: { name: RangeKey; errors: string[] } & Omit<Props, "type" | "errorsOf">) {
  const { t } = useTranslation("designer");
  const id = `${useId()}-${name}`;
  const [text, setText] = useState(String(config[name] ?? RANGE_DEFAULTS[name]));
  return (
    <Row id={id} label={t(`config.range.${name}`)} error={errors[0]}>
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        aria-invalid={errors.length > 0}
        onChange={(event) => {
          setText(event.target.value);
          const value = event.target.value.trim() === "" ? RANGE_DEFAULTS[name] : parseNumberText(event.target.value);
          onChange({ [name]: value ?? Number.NaN });
        }}
      />
    </Row>
  );
}

/** The settings of issue 24's types that have any: a range's bounds and look, a metadata field's source. */
export function QuestionTypeSettings({ type, config, onChange, errorsOf }: Props) {
  const { t } = useTranslation(["designer", "fields"]);
  const id = useId();
  if (type === "range")
    return (
      <>
        <div className="grid grid-cols-3 gap-3">
          {(["start", "end", "step"] as const).map((name) => (
            <RangeBound
              key={name}
              name={name}
              config={config}
              onChange={onChange}
              errors={errorsOf(`config.${name}`)}
            />
          ))}
        </div>
        <Row id={`${id}-style`} label={t("designer:config.range.style")}>
          <ChoiceSelect
            id={`${id}-style`}
            value={RANGE_STYLES.find((style) => style === config.style) ?? "slider"}
            values={RANGE_STYLES}
            labelOf={(value) => t(`fields:rangeStyles.${value}`)}
            onChange={(style) => onChange({ style })}
          />
        </Row>
      </>
    );
  if (type === "metadata")
    return (
      <Row id={`${id}-kind`} label={t("designer:config.metadataKind")}>
        <ChoiceSelect
          id={`${id}-kind`}
          value={METADATA_KINDS.find((kind) => kind === config.kind) ?? "start"}
          values={METADATA_KINDS}
          labelOf={(value) => t(`fields:metadataKinds.${value}`)}
          onChange={(kind) => onChange({ kind })}
        />
      </Row>
    );
  return null;
}
