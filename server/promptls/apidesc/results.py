"""The result schemas of the commands, derived from the typed records (``records``,
``records_preview``, ``records_check``) by ``schema.schema_of``: the serialisers are
type-checked against the same records, so the schema ``promptls api-json`` prints and
what the CLI, the server and the MCP tools send cannot drift apart."""

from promptls.apidesc.records import (
    AbsPath,
    ContextResult,
    EnvironmentResult,
    LoadersResult,
    RevisionResult,
    WireResult,
)
from promptls.apidesc.records_check import Finding, RuleRow
from promptls.apidesc.records_preview import (
    AgentRendering,
    AgentsPreviewResult,
    PreviewDiff,
    PreviewResult,
)
from promptls.apidesc.schema import schema_of

PATH = schema_of(AbsPath)
CONTEXT_RESULT = schema_of(ContextResult)
ENVIRONMENT_RESULT = schema_of(EnvironmentResult)
RENDERING = schema_of(AgentRendering)
PREVIEW_RESULT = schema_of(PreviewResult)
AGENTS_PREVIEW_RESULT = schema_of(AgentsPreviewResult)
DIFF_RESULT = schema_of(PreviewDiff)
WIRE_RESULT = schema_of(WireResult)
LOADERS_RESULT = schema_of(LoadersResult)
REVISION_RESULT = schema_of(RevisionResult)
FINDING = schema_of(Finding)
RULE_ROW = schema_of(RuleRow)
