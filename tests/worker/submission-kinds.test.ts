import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { csvColumns, submissionKinds } from "../../shared/submission-kinds";
import { submissionTables } from "../../worker/platform/db/schema";
import { renderNotification } from "../../worker/platform/mail";
import { retentionRules } from "../../worker/retention";
import { call } from "./support";

/**
 * Every kind of submission is described once, by its descriptor; these checks hold for any
 * kind, so a new one is tested the moment it joins the registry.
 */
describe.each(submissionKinds.map((kind) => [kind.name, kind] as const))("submission kind %s", (_, kind) => {
  const columns = Object.keys(getTableColumns(submissionTables[kind.name]));

  it("names only columns its table has, in the admin fields, search, summary and CSV", () => {
    const named = [
      ...kind.fields.map((field) => field.column),
      ...kind.searchColumns,
      kind.summaryColumn,
      ...csvColumns(kind),
    ];
    expect(named.filter((column) => !columns.includes(column))).toEqual([]);
  });

  it("has a retention rule for its table with the descriptor's period", () => {
    expect(retentionRules).toContainEqual(
      expect.objectContaining({ table: kind.table, days: kind.retentionDays }),
    );
  });

  it("starts in one of its statuses and counts one of them as answered", () => {
    expect(kind.statuses).toContain(kind.initialStatus);
    expect(kind.statuses).toContain(kind.answeredStatus);
  });

  it("renders a notification with every field it lists", () => {
    const row = Object.fromEntries(columns.map((column) => [column, `value of ${column}`]));
    const note = renderNotification(
      {
        kind: kind.name,
        row: { ...row, id: "id-1", name: "Ana Lee", email: "ana@example.com", createdAt: "2026-01-01" },
      },
      "https://studio.test",
    );
    expect(note.subject).toContain("Ana Lee");
    for (const field of kind.fields) expect(note.text).toContain(`value of ${field.column}`);
  });

  it("answers at its public path and, behind sign-in, at its admin path", async () => {
    expect((await call(`/api/${kind.path}/config`)).status).toBe(200);
    expect((await call(`/api/admin/${kind.collection}`)).status).toBe(401);
  });
});

it("gives every kind its own name, path, collection and table", () => {
  for (const key of ["name", "path", "collection", "table"] as const) {
    const values = submissionKinds.map((kind) => kind[key]);
    expect(new Set(values).size).toBe(values.length);
  }
});
