import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * Reminders (relances) of late sales invoices: the organisation's levels (stream
 * `reminder-settings-<org>`), each sent so many days after the due date with its template
 * (`reminder1`…`reminder3`; the third is the formal notice, with the late-payment penalties and the
 * €40 indemnity), and whether the daily run sends them by itself.
 */
export const reminderSettingsStreamId = (orgId: string): string => `reminder-settings-${orgId}`;

export const REMINDER_LEVELS = [1, 2, 3] as const;
export type ReminderLevel = (typeof REMINDER_LEVELS)[number];
/** The level whose letter is the formal notice (mise en demeure). */
export const FORMAL_NOTICE_LEVEL: ReminderLevel = 3;

export type ReminderLevelSetting = { readonly level: ReminderLevel; readonly days: number };

export type ReminderSettings = {
  /** The daily run sends the due reminders by itself. */
  readonly automatic: boolean;
  /** Days after the due date, increasing: J+1 friendly, J+15 firm, J+30 formal notice by default. */
  readonly levels: readonly ReminderLevelSetting[];
};

export const defaultReminderSettings: ReminderSettings = {
  automatic: false,
  levels: [
    { level: 1, days: 1 },
    { level: 2, days: 15 },
    { level: 3, days: 30 },
  ],
};

export type ReminderSettingsChanges = Partial<ReminderSettings>;
export type ReminderSettingsCommand = {
  readonly type: "ChangeReminderSettings";
  readonly data: ReminderSettingsChanges;
};
export type ReminderSettingsEvent = DomainEvent<"ReminderSettingsChanged", ReminderSettingsChanges>;

const checkLevels = (levels: readonly ReminderLevelSetting[]): ReminderLevelSetting[] => {
  if (levels.length !== REMINDER_LEVELS.length)
    throw new DomainError("reminders.levelCount", { field: "levels", count: REMINDER_LEVELS.length });
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  sorted.forEach((l, i) => {
    if (l.level !== REMINDER_LEVELS[i])
      throw new DomainError("reminders.levelCount", { field: "levels", count: REMINDER_LEVELS.length });
    if (!Number.isSafeInteger(l.days) || l.days < 1 || l.days > 365)
      throw new DomainError("reminders.invalidDays", { field: `levels.${i}.days`, min: 1, max: 365 });
    const before = sorted[i - 1];
    if (before && l.days <= before.days)
      throw new DomainError("reminders.daysNotIncreasing", { field: `levels.${i}.days`, level: l.level });
  });
  return sorted.map((l) => ({ level: l.level, days: l.days }));
};

export const reminderSettingsDecider: Decider<
  ReminderSettingsCommand,
  ReminderSettingsEvent,
  ReminderSettings
> = {
  decide: (command, state) => {
    const d = command.data;
    const changes: ReminderSettingsChanges = {
      ...(d.automatic !== undefined && { automatic: d.automatic }),
      ...(d.levels && { levels: checkLevels(d.levels) }),
    };
    const changed = Object.fromEntries(
      Object.entries(changes).filter(
        ([k, v]) => JSON.stringify(v) !== JSON.stringify(state[k as keyof ReminderSettings]),
      ),
    );
    return Object.keys(changed).length === 0 ? [] : [{ type: "ReminderSettingsChanged", data: changed }];
  },
  evolve: (state, event) => ({ ...state, ...event.data }),
  initialState: () => defaultReminderSettings,
};

/**
 * The level to send an invoice `daysLate` days late that already had the levels `sent`: the highest
 * level due, if it is above every level sent (a level is never sent twice, nor one below a level
 * sent); null when none is due.
 */
export const dueReminderLevel = (
  daysLate: number,
  levels: readonly ReminderLevelSetting[],
  sent: readonly number[],
): ReminderLevel | null => {
  const highestSent = Math.max(0, ...sent);
  const due = levels.filter((l) => daysLate >= l.days).map((l) => l.level);
  const level = due.length ? Math.max(...due) : 0;
  return level > highestSent ? (level as ReminderLevel) : null;
};
