/**
 * A persona file: our managed text between a header and a footer, then the operator's tail kept
 * verbatim. A file without our header is the operator's: backed up before the first write (AH5009)
 * and put back by uninstall; one with the header but no footer is backed up (AH5008).
 */
import type { ManagedRegionEntry } from "../../desired-tree";
import type { OwnedFile } from "../../state/ledger";
import { decoder, encoder } from "../plan-run";
import type { EntryKind } from "./entry-kind";

export const managedRegion: EntryKind<ManagedRegionEntry, OwnedFile> = {
  plan(run, target, entry, prev, next) {
    const w = run.work(target, entry.path, entry.mode);
    w.entries.push(entry);
    if (w.doc) return;
    w.mode = entry.mode;
    const recorded = run.recordsOf(prev, "managed-region", entry.path)[0] as OwnedFile | undefined;
    const record: OwnedFile = { kind: "managed-region", path: entry.path, digest: "", mode: entry.mode, header: entry.header, footer: entry.footer };
    if (recorded?.displaced) record.displaced = recorded.displaced;
    let tail = "";
    if (w.before !== undefined) {
      const text = decoder.decode(w.before);
      const footerAt = text.indexOf(entry.footer);
      if (text.includes(entry.header) && footerAt >= 0) {
        tail = text.slice(footerAt + entry.footer.length);
        if (tail.startsWith("\n")) tail = tail.slice(1);
      } else if (text.includes(entry.header)) {
        w.backup = run.backupName(entry.path);
        run.note("AH5008", entry.path, { footer: entry.footer, backup: run.display(w.backup) });
      } else {
        w.backup = run.backupName(entry.path);
        run.note("AH5009", entry.path, { footer: entry.footer, backup: run.display(w.backup) });
        record.displaced = w.backup;
      }
    }
    const bytes = encoder.encode(entry.content + tail);
    record.digest = run.recordDigest(bytes);
    w.doc = { kind: "whole", bytes };
    next.owned.push(record);
  },

  strip(run, target, record) {
    const w = run.work(target, record.path, record.mode);
    if (w.doc) return;
    if (w.before === undefined) {
      w.doc = { kind: "whole", bytes: run.restoreDisplaced(target, record) };
      return;
    }
    const text = decoder.decode(w.before);
    const header = record.header ?? "";
    const footer = record.footer ?? "";
    if (!header || !text.includes(header)) {
      w.doc = { kind: "whole", bytes: w.before };
      return;
    }
    const footerAt = text.indexOf(footer);
    if (!footer || footerAt < 0) {
      const backup = run.backupName(record.path);
      run.note("AH5017", record.path, { footer: footer || "managed-end", backup: run.display(backup) });
      run.addExtra({
        target,
        path: backup,
        action: "create",
        before: undefined,
        after: w.before,
        mode: w.beforeMode ?? 0o644,
        bookkeeping: false,
        conflicts: 0,
        save: true,
      });
      w.doc = { kind: "whole", bytes: undefined };
      return;
    }
    const tail = text.slice(footerAt + footer.length).replace(/^\n+/, "");
    if (tail.trim() === "") {
      w.doc = { kind: "whole", bytes: run.restoreDisplaced(target, record) };
      return;
    }
    w.doc = { kind: "whole", bytes: encoder.encode(tail) };
  },

  legacy(entry) {
    return { kind: "managed-region", path: entry.path, digest: "", mode: entry.mode, header: entry.header, footer: entry.footer };
  },
};
