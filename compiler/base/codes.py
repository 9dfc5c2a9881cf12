"""Stable diagnostic codes. `docs/diagnostics.md` documents every one of them."""

from __future__ import annotations

SYNTAX_ERROR = "PTO001"
# Python itself rejects the module before the PyPTO parser runs.
PYTHON_COMPILE_ERROR = "PTO002"  # SyntaxError from Python's compiler (e.g. `break` outside a loop)
PYTHON_EVALUATION_ERROR = "PTO003"  # NameError / AttributeError evaluating a signature or decorator
# A coding declaration that makes Python read other text than an editor shows (pto-lsp's own).
MISLEADING_CODING = "PTO004"

# A unit the front end could not analyse (e.g. nested too deeply for it): a hint, never an error.
NOT_ANALYSED = "PTO009"
# A construct inside an analysed definition that the front end does not model (kept opaque):
# the editor's quiet hint that it was not looked at, never an error.
NOT_MODELLED = "PTO010"

# The general PyPTO front end, one code per exception class it raises.
UNSUPPORTED_FEATURE = "PTO501"  # UnsupportedFeatureError
DSL_SYNTAX = "PTO502"  # ParserSyntaxError (and its wrapped "Failed to parse function" form)
DSL_TYPE = "PTO503"  # ParserTypeError
INVALID_OPERATION = "PTO504"  # InvalidOperationError: unknown ops, op argument checks
UNDEFINED_NAME = "PTO505"  # UndefinedVariableError

# Parser rejections of `pl.set_cache_policy` (reference §1.5, R1..R7).
MARKER_POSITION = "PTO101"  # R1
MARKER_NO_SCOPE_TO_ATTACH = "PTO102"  # R2
MARKER_ARITY = "PTO103"  # R3
MARKER_NOT_A_NAME = "PTO104"  # R4
MARKER_UNDEFINED = "PTO105"  # R5
MARKER_NOT_A_TENSOR = "PTO106"  # R6
MARKER_CONFLICT = "PTO107"  # R7
POLICY_NOT_AN_ENUM = "PTO108"  # "Expected pl.CachePolicy.<name>"
POLICY_UNKNOWN_VALUE = "PTO109"  # "Unknown CachePolicy value: X"
LOAD_CACHE_KWARG = "PTO110"  # pl.load(..., cache=<not 0/1>)

# OutlineIncoreScopes rejections (CHECK_SPAN).
NOT_CAPTURED = "PTO201"
BYPASS_ON_WRITTEN = "PTO202"

# Codegen.
CACHE_BYPASS_UNSUPPORTED = "PTO301"
# pto-lsp's own coherency hint (not the real compiler's): a BYPASS read a cached write can reach.
COHERENCY_BYPASS_AFTER_CACHED_WRITE = "PTO302"

# The pipeline after the parser (PTO7xx): passes' rejections, then codegen's.
SIMPLIFY_BOOL_OPERAND = "PTO701"  # Simplify: "Operator 'eq' does not accept bool dtype"
INLINE_CYCLE = "PTO702"  # InlineFunctions: "Cycle detected in FunctionType::Inline call graph: f -> f"
UNROLL_TRIP_COUNT = "PTO703"  # UnrollLoops: "Unroll loop trip count N exceeds maximum allowed (1024). ..."
TILE_OP_REJECTED = (
    "PTO704"  # ConvertTensorToTileOps: a tile op it builds refuses its operands (its deduction)
)
TILE_CONVERSION_REJECTED = (
    "PTO705"  # ConvertTensorToTileOps: its own check ("tensor.transpose conversion: ...")
)
TILE_CAST_NO_PATH = "PTO706"  # LegalizeTileCast: "no native cast path from uint8 to fp32 for arch a2a3; ..."
INIT_MEMREF_SHAPE = (
    "PTO707"  # InitMemRef: "requires positive shape for variable 't', but shape element 0 is -1"
)
AIV_SPLIT_VECTOR_OUTSIDE = (
    "PTO708"  # AivSplitValid: "vector op 'tile.exp' sits outside every pl.split_aiv region, ..."
)
AUTO_VECTOR_SPLIT_UNHALVED = (
    "PTO716"  # LowerAutoVectorSplit: "the V->C boundary tile.move here carries a full-width ..."
)
HARD_SYNCALL_OCCUPANCY = (
    "PTO731"  # HardSyncallOccupancy: "hard pl.system.syncall in mixed kernel 'k' requires ..."
)
ACC_WINDOW_NOT_CONTIGUOUS = "PTO730"  # CanonicalizeTileSlice: "tile.matmul_acc: the accumulator is a 16x64 row window of a 32x64 Acc ..."
SIMPLIFY_BY_ZERO = "PTO710"  # Simplify's constant folder: "Floor division by zero", "Floor modulo by zero"
PIPELINE_STEP_ZERO = "PTO709"  # LowerPipelineLoops: "LowerPipelineLoops: step cannot be zero"
ORCH_MISPLACED_TENSOR_OP = "PTO711"  # orchestration codegen: a tensor op with no C++ form
ORCH_MISPLACED_BUILTIN_OP = "PTO712"  # orchestration codegen: a tile made at orchestration level
ORCH_ATOMIC_ASSEMBLE = "PTO713"  # orchestration codegen: an atomic assemble outside a kernel
ORCH_TASK_ARGUMENT = "PTO714"  # orchestration codegen: a kernel call's argument is an expression
ORCH_CALLEE_NOT_A_KERNEL = "PTO715"  # orchestration codegen: a task of a function still Opaque
ORCH_CALLEE_NOT_IN_BUILD = (
    "PTO717"  # orchestration codegen: "Orchestration function 'o' references undefined function 'f'. ..."
)
DISTRIBUTED_CALLER_WITHOUT_LEVEL = (
    "PTO718"  # distributed codegen: "Check failed: callee->level_.has_value() && ..." (a HOST scope)
)
HOST_COLLECTIVE_REFUSED = (
    "PTO740"  # LowerHostTensorCollectives: a HOST collective's signal / data the pass or its builtin refuses
)
COMPOSITE_ALLREDUCE_REFUSED = "PTO741"  # LowerCompositeOps: a kernel's pld.tensor.allreduce without a signal, core_num > 1, a misshapen signal
ORCH_CREATE_INIT_VALUE = "PTO725"  # orchestration codegen: an init_value the runtime pre-fill cannot write
SPLIT_AXIS_TRANSPOSE = "PTO720"  # ExpandMixedKernel: a transpose that swaps the pl.split axis
FLATTEN_BATCH_AXIS_TRANSPOSE = "PTO719"  # FlattenTileNdTo2D: a >2D transpose that moves a leading axis
ORCH_UNSUPPORTED_VIEW = "PTO726"  # orchestration codegen: a reinterpret_view, a view changing the layout
STORE_TARGET_NOT_A_VAR = "PTO721"  # PTO codegen: "tile.store output_tensor must be a Var or IterArg"
DEVICE_CODEGEN_REFUSED = "PTO722"  # PTO codegen: a descending device loop, an op with no PTO form
A2A3_UNSUPPORTED_FORM = (
    "PTO724"  # the a2a3 backend: "tile.tri dtype int8 is not supported on the 'a2a3' backend; ..."
)
PRELU_SCRATCH_NOT_UINT8 = (
    "PTO723"  # PTO codegen (a2a3): "tile.prelu on A2/A3 requires UINT8 tmp scratch, ..."
)

# On-chip memory (PTO8xx): the capacity checks of the passes after ConvertTensorToTileOps.
MEMORY_SPACE_OVERFLOW = (
    "PTO801"  # AllocateMemoryAddr: "Vec buffer usage (N bytes) exceeds platform limit (M bytes)"
)
TENSOR_CREATE_TOO_LARGE = "PTO802"  # ConvertTensorToTileOps: "tensor.create: tile size (N bytes) exceeds ..."
L0_OPERAND_TOO_LARGE = "PTO803"  # AutoTileMatmulL0: a matmul operand already in Left/Right larger than L0

# Notes (information, not findings).
NOT_LOWERED = "PTO401"  # a declaration the lowering does not reach (see pto_lsp/features/notes.py)

# The IR verifier at pipeline_input (PTO6xx): the properties' errors, then the
# pre-pipeline checks' warnings (src/ir/verifier/ in PyPTO).
VERIFY_INOUT_USE = "PTO602"  # InOutUseValid: "variable 'out' was passed as InOut/Out at ..."
VERIFY_TYPE_CHECK = "PTO601"  # TypeChecked: "ForStmt size mismatch: ...", "Type kind mismatch in ..."
VERIFY_SSA_SCOPE = "PTO604"  # SSAVerify after ConvertToSSA: "Variable 'tc' used outside its defining scope"
VERIFY_NO_REDUNDANT_BLOCKS = "PTO603"  # NoRedundantBlocks: "YieldStmt before the terminating position; ..."
UNUSED_VARIABLE = "PTO611"  # [UnusedVariableCheck]
UNUSED_CONTROL_FLOW_RESULT = "PTO612"  # [UnusedControlFlowResultCheck]: reserved, off by default upstream
OUT_PARAM_WRITE_DROPPED = "PTO613"  # [OutParamWriteDropped]
PERF_HINT_TILE_INNERMOST_DIM = "PTO631"  # [perf_hint PH001] TileInnermostDimGranularity
PERF_HINT_PIPELINE_DEPTH = "PTO632"  # [perf_hint PH-MR-001] MemoryReuse: a pl.pipeline's stages share buffers
MISSING_RETURN = "PTO621"  # ConvertTensorToTileOps: "... has no ReturnStmt but declares 1 return type(s) ..."
