/**
 * `@bollard/core/jsonapi`: JSON:API over a tracker's records, for servers such as `@bollard/http`.
 * Pure functions that build documents from the records sessions return (`resourceDocument`,
 * `listDocument`, `buildDocument`), error documents, the resource definitions, `include` parsing
 * with its limits, and the rendered reads of the hottest route.
 * @packageDocumentation
 */
export * from "../jsonapi/index.js";
export * from "../read-model/rendered-reads.js";
export { createTextReader, type TextReader, type TextsRead, type TextWants } from "../read-model/text-reader.js";
export { eventLinkageText, fromRecordText, recordText, rendererFingerprint, textKeys } from "../read-model/resource-texts.js";
export {
  includePaths,
  includeTree,
  MAX_INCLUDE_DEPTH,
  MAX_INCLUDE_PATHS,
  MAX_INCLUDED_RESOURCES,
  mergeIncludes,
  parseIncludeParameter,
  type IncludeTree,
} from "../relations/include-paths.js";
export {
  containerCreatedEventResource,
  containerPodTerminalChangedEventResource,
  containerUpdatedEventResource,
  estimatedEventResource,
  WEBHOOK_RESOURCE_ATTRIBUTES,
  webhookEventCategoryResource,
  webhookNotificationLogResource,
} from "../webhooks/webhook-resources.js";
export type { ContainerCreatedEventRecord, ContainerPodTerminalChangedEventRecord, ContainerUpdatedEventRecord, EstimatedEventRecord } from "../webhooks/event-objects.js";
