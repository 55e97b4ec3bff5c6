// The only file that touches the database for experiences.
import { Prisma } from "../../generated/prisma/client";
import { getDb } from "../db";
import { DomainError } from "../errors";
import type { ExperienceColumns } from "./experience-columns";
import type { ExperienceRow } from "./serialize";

export type NewExperience = ExperienceColumns & { createdAt: Date; status?: string; findings?: string; statusReason?: string };

const experienceSelect = {
  id: true,
  name: true,
  url: true,
  category: true,
  task: true,
  score: true,
  outcome: true,
  tips: true,
  contentId: true,
  submittedBy: true,
  keyId: true,
  keyLabel: true,
  status: true,
  createdAt: true,
  updatedAt: true,
} as const;

export async function findExperienceByHash(hash: string): Promise<ExperienceRow | null> {
  return getDb().experience.findUnique({ where: { submissionHash: hash }, select: experienceSelect });
}

/**
 * Inserts one experience; the database triggers create or update its resource aggregate and its
 * search entry in the same statement. A second insert of the same submission hash is a conflict.
 */
export async function insertExperience(data: NewExperience): Promise<ExperienceRow> {
  try {
    return await getDb().experience.create({
      data: { ...data, updatedAt: data.createdAt },
      select: experienceSelect,
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new DomainError("conflict", "An identical experience already exists.", { submission_hash: data.submissionHash });
    }
    throw error;
  }
}
