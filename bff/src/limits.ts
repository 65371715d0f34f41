// GraphQL operation limits on depth, aliases and cost (GRAPHQL_MAX_*, README.md#bff): the same
// rules guard HTTP and graphql-ws.
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import type { GraphQLLimits } from "./config.js";

interface Measure {
  depth: number;
  cost: number;
  aliases: number;
}

function measureSelections(
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  visiting: Set<string>,
): Measure {
  const total: Measure = { depth: 0, cost: 0, aliases: 0 };
  for (const selection of selectionSet.selections) {
    let inner: Measure = { depth: 0, cost: 0, aliases: 0 };
    if (selection.kind === Kind.FIELD) {
      // Introspection is bounded by the schema itself (and off in production): not counted.
      if (selection.name.value === "__schema" || selection.name.value === "__type") continue;
      const child = selection.selectionSet
        ? measureSelections(selection.selectionSet, fragments, visiting)
        : { depth: 0, cost: 0, aliases: 0 };
      inner = {
        depth: child.depth + 1,
        cost: child.cost + 1,
        aliases: child.aliases + (selection.alias ? 1 : 0),
      };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measureSelections(selection.selectionSet, fragments, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A fragment cycle is reported by graphql's own NoFragmentCycles rule.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      inner = measureSelections(fragment.selectionSet, fragments, visiting);
      visiting.delete(name);
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.cost += inner.cost;
    total.aliases += inner.aliases;
  }
  return total;
}

/** One validation rule that rejects operations deeper, costlier or more aliased than allowed. */
export function operationLimitsRule(limits: GraphQLLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.set(definition.name.value, definition);
      }
    }
    const report = (message: string) =>
      context.reportError(new GraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX" } }));
    return {
      OperationDefinition(operation) {
        const { depth, cost, aliases } = measureSelections(
          operation.selectionSet,
          fragments,
          new Set(),
        );
        if (depth > limits.maxDepth) {
          report(`Query depth ${depth} exceeds the limit of ${limits.maxDepth}.`);
        }
        if (aliases > limits.maxAliases) {
          report(`Query uses ${aliases} aliases; the limit is ${limits.maxAliases}.`);
        }
        if (cost > limits.maxCost) {
          report(`Query cost ${cost} exceeds the limit of ${limits.maxCost}.`);
        }
      },
    };
  };
}
