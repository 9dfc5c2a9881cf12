"""What the lowering passes do to a program, as knowledge shared by the passes
(`compiler.passes`) that perform them and the facts (`compiler.facts`) that
predict their result for the editor. Depends on `compiler.ir` only."""
