// Local typedoc plugin for Bollard's API reference (loaded by docs/typedoc.json).
//
// Entity interfaces extend `z.infer<typeof XSchema>`, so typedoc finds their properties in the
// schema's object literal and shows each key's zod expression as if it were a default value
// (`account_id: string = UuidSchema`). Properties of interfaces and type literals cannot have
// defaults, so any value typedoc found there is dropped; real defaults are written as `@default`.
import { Converter, DeclarationReflection, ReflectionKind } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of Object.values(context.project.reflections)) {
      if (!(reflection instanceof DeclarationReflection) || !reflection.kindOf(ReflectionKind.Property)) continue;
      if (reflection.defaultValue !== undefined && reflection.parent?.kindOf(ReflectionKind.Interface | ReflectionKind.TypeLiteral)) {
        reflection.defaultValue = undefined;
      }
    }
  });
}
