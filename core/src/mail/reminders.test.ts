import { describe, expect, it } from "vitest";
import { deciderSpecification } from "../testing/index.ts";
import { refusedOnField } from "../testing/refusals.ts";
import { defaultReminderSettings, dueReminderLevel, reminderSettingsDecider } from "./reminders.ts";

const spec = deciderSpecification(reminderSettingsDecider);
const levels = defaultReminderSettings.levels;

describe("reminder levels", () => {
  it("default to J+1 friendly, J+15 firm and J+30 formal notice, not automatic", () => {
    expect(defaultReminderSettings).toEqual({
      automatic: false,
      levels: [
        { level: 1, days: 1 },
        { level: 2, days: 15 },
        { level: 3, days: 30 },
      ],
    });
  });

  it("give the highest level due, never one sent nor below one sent", () => {
    expect(dueReminderLevel(0, levels, [])).toBeNull();
    expect(dueReminderLevel(1, levels, [])).toBe(1);
    expect(dueReminderLevel(14, levels, [1])).toBeNull();
    expect(dueReminderLevel(15, levels, [1])).toBe(2);
    expect(dueReminderLevel(45, levels, [])).toBe(3);
    expect(dueReminderLevel(45, levels, [3])).toBeNull();
    expect(dueReminderLevel(20, levels, [3])).toBeNull();
  });

  it("turn automatic reminders on and change the days, increasing", () => {
    spec
      .given([])
      .when({ type: "ChangeReminderSettings", data: { automatic: true } })
      .then([{ type: "ReminderSettingsChanged", data: { automatic: true } }]);
    spec
      .given([])
      .when({ type: "ChangeReminderSettings", data: { automatic: false, levels } })
      .then([]);
    spec
      .given([])
      .when({
        type: "ChangeReminderSettings",
        data: {
          levels: [
            { level: 1, days: 10 },
            { level: 2, days: 5 },
            { level: 3, days: 30 },
          ],
        },
      })
      .thenThrows(refusedOnField("reminders.daysNotIncreasing", "levels.1.days"));
    spec
      .given([])
      .when({
        type: "ChangeReminderSettings",
        data: { levels: [{ level: 1, days: 0 }, levels[1], levels[2]] as never },
      })
      .thenThrows(refusedOnField("reminders.invalidDays", "levels.0.days"));
    spec
      .given([])
      .when({ type: "ChangeReminderSettings", data: { levels: [levels[0]] as never } })
      .thenThrows(refusedOnField("reminders.levelCount", "levels"));
  });
});
