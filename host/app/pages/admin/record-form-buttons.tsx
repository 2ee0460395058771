import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { ct } from "./copy.js";

/** The end of a console record's form: Create (a new one) or Save, and Cancel where the form can be closed. */
export function RecordFormButtons({ isNew, onCancel }: { isNew: boolean; onCancel?: () => void }) {
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: space[2] }}>
      <Button type="submit">{isNew ? ct("console.edit.create") : ct("console.edit.save")}</Button>
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel}>
          {ct("console.content.cancel")}
        </Button>
      ) : null}
    </div>
  );
}
