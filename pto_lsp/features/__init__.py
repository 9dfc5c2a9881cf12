"""Editor features: each a thin view over one analysis snapshot; none calls another."""
