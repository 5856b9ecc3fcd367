// Every probe table (one file per group of rules), merged into one table keyed by rule id. A rule id in two tables is
// an error: each rule's probes live in one place.
import { C2_PROBES } from "./c2.js";
import { EXFILTRATION_PROBES } from "./exfiltration.js";
import { HIDDEN_PROBES } from "./hidden.js";
import { I18N_PROBES } from "./i18n.js";
import { OVERRIDE_PROBES } from "./override.js";
import { PERSISTENCE_PROBES } from "./persistence.js";
import { REDTEAM_H4_PROBES } from "./redteam-h4.js";
import { REDTEAM_RULE_PROBES } from "./redteam-rules.js";
import { REDTEAM_R7_PROBES } from "./redteam-r7.js";
import { REDTEAM_R8_PROBES } from "./redteam-r8.js";
import { REDTEAM_R9_PROBES } from "./redteam-r9.js";
import { ROLE_PROBES } from "./role.js";
import { SESSION10_PROBES } from "./session10.js";
import { SESSION11_PROBES } from "./session11.js";
import { SESSION12_PROBES } from "./session12.js";
import { SESSION13_PROBES } from "./session13.js";
import { SESSION13B_PROBES } from "./session13b.js";
import { SESSION14_PROBES } from "./session14.js";
import { SESSION15_PROBES } from "./session15.js";
import { SESSION16_PROBES } from "./session16.js";
import { SESSION17_PROBES } from "./session17.js";
import type { ProbeTable } from "./types.js";

function merge(...tables: ProbeTable[]): ProbeTable {
  const out: ProbeTable = {};
  for (const t of tables) {
    for (const [id, probes] of Object.entries(t)) {
      if (out[id]) throw new Error(`probes for rule ${id} are defined twice`);
      out[id] = probes;
    }
  }
  return out;
}

/**
 * Adds a round's probes to the tables' rules (flag, clean and notBlocked appended; a rule no table has gets its
 * entry), so the probes for one round's alternatives can live together (redteam-rules.ts).
 */
function extend(table: ProbeTable, extra: ProbeTable): ProbeTable {
  const out: ProbeTable = { ...table };
  for (const [id, p] of Object.entries(extra)) {
    const base = out[id];
    out[id] = base
      ? { ...base, flag: [...base.flag, ...p.flag], clean: [...base.clean, ...p.clean], notBlocked: [...(base.notBlocked ?? []), ...(p.notBlocked ?? [])], redundant: { ...base.redundant, ...p.redundant } }
      : p;
  }
  return out;
}

export const PROBES: ProbeTable = extend(extend(extend(extend(extend(extend(extend(extend(extend(extend(extend(extend(extend(extend(merge(OVERRIDE_PROBES, HIDDEN_PROBES, ROLE_PROBES, C2_PROBES, EXFILTRATION_PROBES, PERSISTENCE_PROBES, I18N_PROBES), REDTEAM_RULE_PROBES), REDTEAM_H4_PROBES), REDTEAM_R7_PROBES), REDTEAM_R8_PROBES), REDTEAM_R9_PROBES), SESSION10_PROBES), SESSION11_PROBES), SESSION12_PROBES), SESSION13_PROBES), SESSION13B_PROBES), SESSION14_PROBES), SESSION15_PROBES), SESSION16_PROBES), SESSION17_PROBES);
