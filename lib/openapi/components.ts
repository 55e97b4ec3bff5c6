// The named schemas of the OpenAPI document (components.schemas). Naming a schema here makes every
// place that uses it, inside other schemas too, a $ref to one definition.
import { auditEntryDto, auditPageDto } from "../audit/schema";
import { contentAnswerDto, contentDto, contentHistoryDto, contentLinkDto, contentRevisionDto, submitContentResultDto } from "../contents/schema";
import { createExperienceResult, experienceDto, relevantExperienceDto, resourceAggregateDto } from "../experiences/schema";
import { heldForReviewDto, keyRefDto, screeningFindingDto } from "../text/provenance-schema";
import { healthDto } from "../health/schema";
import { keyDto } from "../keys/schema";
import { evidenceDto, learnedLinkDto, learnedLinksDto } from "../learning/schema";
import {
  bulkDecisionResultDto,
  decisionResultDto,
  insightsDto,
  provenanceView,
  queueDto,
  queueItemDto,
  revokeKeyResultDto,
} from "../moderation/schema";
import { categoriesDto, categoryDto } from "../resources/schema";
import { contentHitDto, explainDto, resourceAnswerDto, resourceTaskDto, searchResponseDto, searchResultDto, taskVerdictDto } from "../search/schema";
import { verdictDto, verdictResultDto } from "../verdicts/schema";
import { apiIndexDto, openApiDocumentDto } from "../api-index";
import { errorBodyDto } from "./error-body";
import type { z } from "zod";

export const COMPONENT_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorBodyDto,
  ApiIndex: apiIndexDto,
  OpenApiDocument: openApiDocumentDto,
  Health: healthDto,
  KeyRef: keyRefDto,
  ScreeningFinding: screeningFindingDto,
  HeldForReview: heldForReviewDto,
  Experience: experienceDto,
  RelevantExperience: relevantExperienceDto,
  ResourceAggregate: resourceAggregateDto,
  CreateExperienceResult: createExperienceResult,
  SearchResponse: searchResponseDto,
  SearchResult: searchResultDto,
  TaskVerdict: taskVerdictDto,
  Explain: explainDto,
  ContentHit: contentHitDto,
  Resource: resourceAnswerDto,
  ResourceTask: resourceTaskDto,
  Categories: categoriesDto,
  Category: categoryDto,
  ContentLink: contentLinkDto,
  Content: contentDto,
  ContentHistory: contentHistoryDto,
  ContentOrHistory: contentAnswerDto,
  ContentRevision: contentRevisionDto,
  SubmitContentResult: submitContentResultDto,
  Provenance: provenanceView,
  QueueItem: queueItemDto,
  Queue: queueDto,
  DecisionResult: decisionResultDto,
  BulkDecisionResult: bulkDecisionResultDto,
  Key: keyDto,
  RevokeKeyResult: revokeKeyResultDto,
  AuditEntry: auditEntryDto,
  AuditPage: auditPageDto,
  Insights: insightsDto,
  LearnedLinks: learnedLinksDto,
  LearnedLink: learnedLinkDto,
  LearningEvidence: evidenceDto,
  Verdict: verdictDto,
  VerdictResult: verdictResultDto,
};
