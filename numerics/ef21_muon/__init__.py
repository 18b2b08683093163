"""Light torch version of EF21-Muon (Gruntkowska et al., arXiv 2510.00643): simulated workers and a
server with bit-counting compressors (:mod:`.compressors`), the simulator (:mod:`.sim`), the
digits data split (:mod:`.data`) and the experiments (:mod:`.experiments`). torch modules are
imported by name, not here."""
