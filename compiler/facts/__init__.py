"""What the front end knows that an editor wants: GM reads with their cache
policy and why, and every declaration with the reads it governs."""

from compiler.facts.gm_reads import Declaration, GmRead, ModuleFacts, Reason, module_facts

__all__ = ["Declaration", "GmRead", "ModuleFacts", "Reason", "module_facts"]
