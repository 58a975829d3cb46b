import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type { RecordView } from "../../../../shared/records/record-view.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";

/**
 * Opens the record a link names (`?record=<id>`, as in the 'has issues' e-mail), then drops the parameter so
 * closing the record does not open it again.
 */
export function useLinkedRecord(applicationId: string, open: (record: RecordView) => void): void {
  const [params, setParams] = useSearchParams();
  const recordId = params.get("record");
  const linked = useQuery({
    queryKey: dataKeys.record(applicationId, recordId ?? ""),
    queryFn: () => dataApi.record(applicationId, recordId ?? ""),
    enabled: recordId !== null,
  });
  const { data } = linked;
  useEffect(() => {
    if (!data || recordId === null) return;
    open(data);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("record");
        return next;
      },
      { replace: true },
    );
  }, [data, recordId, open, setParams]);
}
