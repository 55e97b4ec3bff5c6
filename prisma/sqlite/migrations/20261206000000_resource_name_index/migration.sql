-- "Did you mean" for a missing resource name looks candidates up in an index instead of comparing
-- every name: an FTS5 trigram index over resources.name (external content, kept by triggers), so a
-- lookup costs about the same for any name length and any number of resources (lib/resources/suggest-names.ts).
CREATE VIRTUAL TABLE "resource_name_grams" USING fts5(
    "name",
    content='resources',
    tokenize='trigram'
);
INSERT INTO "resource_name_grams" ("rowid", "name") SELECT "rowid", "name" FROM "resources";

CREATE TRIGGER "resource_name_grams_ai" AFTER INSERT ON "resources" BEGIN
    INSERT INTO "resource_name_grams" ("rowid", "name") VALUES (NEW."rowid", NEW."name");
END;
CREATE TRIGGER "resource_name_grams_ad" AFTER DELETE ON "resources" BEGIN
    INSERT INTO "resource_name_grams" ("resource_name_grams", "rowid", "name") VALUES ('delete', OLD."rowid", OLD."name");
END;
CREATE TRIGGER "resource_name_grams_au" AFTER UPDATE OF "name" ON "resources" BEGIN
    INSERT INTO "resource_name_grams" ("resource_name_grams", "rowid", "name") VALUES ('delete', OLD."rowid", OLD."name");
    INSERT INTO "resource_name_grams" ("rowid", "name") VALUES (NEW."rowid", NEW."name");
END;

-- Document frequency of each trigram: a lookup uses the rarest of the name's trigrams.
CREATE VIRTUAL TABLE "resource_name_gram_vocab" USING fts5vocab('resource_name_grams', 'row');
