import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Search } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";

interface ListToolbarProps {
  query: string;
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
  /** Extra filters shown beside the search (the inbox's status filter). */
  children?: ReactNode;
}

/** The search box of an admin list: submitted with Enter or the button, so each keystroke does not query the server. */
export function ListToolbar({ query, label, placeholder, onSearch, children }: ListToolbarProps) {
  const { t } = useTranslation("admin");
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <form role="search" onSubmit={submit} className="flex flex-1 gap-2">
        <Input
          type="search"
          aria-label={label}
          placeholder={placeholder}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden />
          {t("list.search")}
        </Button>
      </form>
      {children}
    </div>
  );
}
